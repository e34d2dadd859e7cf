import fsp from 'node:fs/promises';
import path from 'node:path';

/** Thrown for a condition the operator can fix; the command prints the message alone and exits 1. */
export class BackupError extends Error {}

export interface TreeEntry {
  /** Relative to the tree's root, with forward slashes, as it is named in an archive. */
  name: string;
  type: 'file' | 'directory';
  size: number;
}

/**
 * Every file and folder under `root`, folders before what they hold, sorted so two backups of the same tree list it
 * alike. `skip` leaves out files by name (the storage's unpublished `.incoming-*` writes). A file that vanishes
 * while the tree is walked (the server deleted it) is left out, not an error.
 */
export async function walkTree(root: string, skip: (name: string) => boolean = () => false) {
  const entries: TreeEntry[] = [];
  const visit = async (relative: string) => {
    let names: string[];
    try {
      names = (await fsp.readdir(path.join(root, relative))).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const child = relative ? `${relative}/${name}` : name;
      let stat;
      try {
        stat = await fsp.lstat(path.join(root, child));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (stat.isDirectory()) {
        entries.push({ name: child, type: 'directory', size: 0 });
        await visit(child);
      } else if (stat.isFile() && !skip(name)) {
        entries.push({ name: child, type: 'file', size: stat.size });
      }
    }
  };
  await visit('');
  return entries;
}

/** Whether `dir` is missing or holds nothing. */
export async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * The archive entry name as a path under `root`, refused unless it is a plain relative path: an archive that names
 * `../x` or `/etc/x` must not write outside the directory it is restored into.
 */
export function pathInside(root: string, name: string): string {
  const parts = name.split('/');
  if (
    name.length === 0 ||
    name.includes('\\') ||
    name.includes('\0') ||
    parts.some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new BackupError(
      `The backup names an unsafe path (${JSON.stringify(name)}); it was not made by this command.`,
    );
  }
  return path.join(root, ...parts);
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * Progress of a long copy, printed as a line at each tenth of the bytes (and at the end), so an operator watching a
 * backup of gigabytes of media sees it move without a line per file.
 */
export class Progress {
  private bytes = 0;
  private count = 0;
  private printedTenth = 0;

  constructor(
    private readonly label: string,
    private readonly totalBytes: number,
    private readonly totalCount: number,
    private readonly print: (line: string) => void,
  ) {}

  add(bytes: number, count = 0): void {
    this.bytes += bytes;
    this.count += count;
    const tenth = this.totalBytes === 0 ? 10 : Math.floor((this.bytes / this.totalBytes) * 10);
    if (tenth > this.printedTenth && tenth < 10) {
      this.printedTenth = tenth;
      const files = this.totalCount > 0 ? `, ${this.count} of ${this.totalCount} files` : '';
      this.print(
        `  ${this.label}: ${tenth * 10}% (${formatBytes(this.bytes)} of ${formatBytes(this.totalBytes)}${files})`,
      );
    }
  }
}
