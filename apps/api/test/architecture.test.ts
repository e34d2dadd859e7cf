import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is the map a newcomer reads first, so it must match the code: every API module (a folder of
 * apps/api/src/modules), every web feature (a folder of apps/web/src/features) and every dependency between API
 * modules (a file of modules/<a> importing from modules/<b>), and nothing that no longer exists. Each failure names
 * the line to add to or remove from the page. Reads files only: no database, no server.
 */

const REPO = path.resolve(import.meta.dirname, '../../..');
const DOC = 'docs/architecture.md';
const API_MODULES = 'apps/api/src/modules';
const WEB_FEATURES = 'apps/web/src/features';
const MODULES_HEADING = '## API modules';
const FEATURES_HEADING = '## Web features';
const EDGES_HEADING = '## Dependencies between API modules';

function foldersOf(relativeDir: string): string[] {
  return readdirSync(path.join(REPO, relativeDir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Relative specifiers of a file's imports, re-exports and dynamic imports, comments left out. */
function relativeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
}

/** `a -> b` for every module a with a file importing anything of module b, with the first such file as evidence. */
function moduleEdges(): Map<string, string> {
  const modulesDir = path.join(REPO, API_MODULES);
  const modules = new Set(foldersOf(API_MODULES));
  const edges = new Map<string, string>();
  for (const from of modules) {
    for (const file of sourceFilesUnder(path.join(modulesDir, from)).sort()) {
      for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
        const [to] = path.relative(modulesDir, path.resolve(path.dirname(file), specifier)).split(path.sep);
        if (to === undefined || to === from || !modules.has(to)) continue;
        const edge = `${from} -> ${to}`;
        if (!edges.has(edge)) edges.set(edge, path.relative(REPO, file));
      }
    }
  }
  return edges;
}

/** The lines of the page's section under `heading`, up to the next heading of the same level. */
function sectionLines(doc: string, heading: string): string[] | null {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) return null;
  const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The names in a section's table: the first cell of each row, written as `name`. */
function tableNames(lines: string[]): string[] {
  return lines.flatMap((line) => {
    const match = /^\|\s*`([^`]+)`\s*\|/.exec(line.trim());
    return match ? [match[1]!] : [];
  });
}

/** The `a -> b` lines of the section's first fenced block, and any other line in it. */
function fencedEdges(lines: string[]): { edges: string[]; unreadable: string[] } {
  const open = lines.findIndex((line) => line.trim().startsWith('```'));
  const close = lines.findIndex((line, index) => index > open && line.trim().startsWith('```'));
  const block = open < 0 || close < 0 ? [] : lines.slice(open + 1, close).map((line) => line.trim());
  const edges = block.filter((line) => /^[a-z0-9-]+ -> [a-z0-9-]+$/.test(line));
  const unreadable = block.filter((line) => line !== '' && !edges.includes(line));
  return { edges, unreadable };
}

function compareNames(heading: string, listed: string[], folder: string, actual: string[]): string[] {
  const problems = actual
    .filter((name) => !listed.includes(name))
    .map(
      (name) =>
        `${DOC}, table under ${heading}: add a row '| \`${name}\` | ... |' (${folder}/${name} exists)`,
    );
  for (const name of listed.filter((listedName) => !actual.includes(listedName))) {
    problems.push(
      `${DOC}, table under ${heading}: remove the row for \`${name}\` (${folder}/${name} does not exist)`,
    );
  }
  const repeated = listed.filter((name, index) => listed.indexOf(name) !== index);
  return [...problems, ...repeated.map((name) => `${DOC}, table under ${heading}: \`${name}\` has two rows`)];
}

const doc = readFileSync(path.join(REPO, DOC), 'utf8');

describe(`${DOC} matches the code`, () => {
  it('lists every API module, and only those', () => {
    const lines = sectionLines(doc, MODULES_HEADING);
    expect(lines, `${DOC} needs a section "${MODULES_HEADING}"`).not.toBeNull();
    expect(compareNames(MODULES_HEADING, tableNames(lines!), API_MODULES, foldersOf(API_MODULES))).toEqual(
      [],
    );
  });

  it('lists every web feature, and only those', () => {
    const lines = sectionLines(doc, FEATURES_HEADING);
    expect(lines, `${DOC} needs a section "${FEATURES_HEADING}"`).not.toBeNull();
    expect(compareNames(FEATURES_HEADING, tableNames(lines!), WEB_FEATURES, foldersOf(WEB_FEATURES))).toEqual(
      [],
    );
  });

  it('lists every dependency between API modules, and only those', () => {
    const lines = sectionLines(doc, EDGES_HEADING);
    expect(
      lines,
      `${DOC} needs a section "${EDGES_HEADING}" with a fenced block of "a -> b" lines`,
    ).not.toBeNull();
    const { edges: listed, unreadable } = fencedEdges(lines!);
    const actual = moduleEdges();
    const where = `the fenced block under ${EDGES_HEADING}`;
    const problems = [
      ...[...actual]
        .filter(([edge]) => !listed.includes(edge))
        .map(([edge, file]) => `${DOC}, ${where}: add the line '${edge}' (${file} imports it)`),
      ...listed
        .filter((edge) => !actual.has(edge))
        .map(
          (edge) => `${DOC}, ${where}: remove the line '${edge}' (no file of that module imports the other)`,
        ),
      ...unreadable.map((line) => `${DOC}, ${where}: '${line}' is not an 'a -> b' line`),
    ];
    expect(problems.sort()).toEqual([]);
  });
});
