/**
 * The Node arguments that run one of the API's programs (a command, the worker): its source through tsx's loader, as
 * the `:dev` scripts do, or with API_PROCESS_FROM_BUILD=1 the build's bundle, as `npm run create-user`, `backup`,
 * `restore` and `worker` do. CI sets it once the build exists: a bundle starts in a fifth of the CPU time tsx takes to
 * load the source, and its first open of a new embedded data directory copies the build's migrated seed instead of
 * running initdb and every migration. Node itself runs either (not the tsx launcher), so a signal reaches the program.
 */
export function programArgs(name: 'create-user' | 'backup' | 'worker'): string[] {
  const source = {
    'create-user': 'src/cli/create-user.ts',
    backup: 'src/cli/backup.ts',
    worker: 'src/worker.ts',
  }[name];
  return process.env.API_PROCESS_FROM_BUILD === '1' ? [`dist/${name}.js`] : ['--import', 'tsx', source];
}
