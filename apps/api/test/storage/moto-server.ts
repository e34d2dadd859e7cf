import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * moto's S3 server (`moto_server`, Python; on the machine image beside boto3): an S3 protocol server that implements
 * what s3rver lacks for multipart uploads: ListParts with paging, AbortMultipartUpload, the 5 MiB part minimum
 * (EntityTooSmall) and the part ETag check (InvalidPart). It checks no signature, so s3rver stays the peer for
 * presigned URLs (decision 0790).
 */
export const MOTO_SERVER = process.env.MOTO_SERVER ?? 'moto_server';

export function motoServerInstalled(): boolean {
  return spawnSync(MOTO_SERVER, ['--help'], { stdio: 'ignore' }).status === 0;
}

export interface MotoServer {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts moto on a free loopback port and answers once it listens (it prints its address when it does). */
export async function startMotoServer(): Promise<MotoServer> {
  const child: ChildProcess = spawn(MOTO_SERVER, ['-H', '127.0.0.1', '-p', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PYTHONUNBUFFERED: '1' },
  });
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /Running on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (address) resolve(address[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(new Error(`moto_server exited (${code}) before listening:\n${output}`)),
    );
  });
  // Its request log is not read past this point; draining it keeps the pipes from filling.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    endpoint,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
