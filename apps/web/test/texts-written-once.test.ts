import * as domain from '@casting/domain';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every user-facing text is written once (decision 0069). The product's fixed wording, the texts the API and the web app
 * both show, and the ones two files of the web app show come from the domain catalogue (`@casting/domain`); a
 * label only one component shows may stay beside its control. This test reads the web app's sources as TypeScript
 * and fails on the two ways a second copy creeps in: a text typed out that the catalogue already holds, and the same
 * phrase typed out in two files.
 */

const SOURCE_ROOT = path.resolve(import.meta.dirname, '../src');

/** Attributes whose string values are code, never shown: classes, ids, test hooks, routing and element types. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'id',
  'data-testid',
  'role',
  'type',
  'to',
  'href',
  'name',
  'autoComplete',
  'inputMode',
  'accept',
  'htmlFor',
  'variant',
  'size',
  'align',
  'side',
  'method',
  'rel',
  'target',
  'src',
  'key',
]);

/**
 * The texts checked: a capitalised phrase of two words or more ('Save changes', 'Loading the project…'). A single
 * word ('Cancel', 'Edit') is vocabulary: two buttons saying 'Edit' are not one text to keep in step.
 */
function isPhrase(text: string): boolean {
  return /^[A-Z][a-z’']/.test(text) && /\s/.test(text);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !/fixtures?\.tsx?$/.test(entry.name)
      ? [full]
      : [];
  });
}

/** The prose a file shows: JSX text and string literals outside imports, types, object keys and code attributes. */
function textsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isJsxAttribute(node) && CODE_ATTRIBUTES.has(node.name.getText(source))) return;
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text) found.push(text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isKey =
        (ts.isPropertyAssignment(parent) && parent.name === node) || ts.isElementAccessExpression(parent);
      if (!isKey) found.push(node.text.trim());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter(isPhrase);
}

/** Every string of the catalogue's text collections (MESSAGES, ERROR_MESSAGES, …), walked through nested groups. */
function catalogueTexts(): Set<string> {
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries(domain)) {
    if (/(MESSAGES|TEXTS?|LABELS|TITLES)$/.test(name)) walk(value);
  }
  return texts;
}

const files = sourceFiles(SOURCE_ROOT);
const textsByFile = new Map(files.map((file) => [path.relative(SOURCE_ROOT, file), textsOf(file)]));

describe('user-facing texts are written once', () => {
  it('finds the texts it checks (the scan reads the sources)', () => {
    const all = [...textsByFile.values()].flat();
    // Several hundred single-use labels stay beside their controls: a scan that found none would be broken, and the
    // two checks below would pass on nothing.
    expect(all.length).toBeGreaterThan(300);
  });

  it('types out no text the domain catalogue already holds', () => {
    const catalogue = catalogueTexts();
    const copies = [...textsByFile].flatMap(([file, texts]) =>
      texts.filter((text) => catalogue.has(text)).map((text) => `${file}: '${text}'`),
    );
    expect(copies).toEqual([]);
  });

  it('types out no phrase in two files', () => {
    const filesByText = new Map<string, Set<string>>();
    for (const [file, texts] of textsByFile) {
      for (const text of texts) {
        filesByText.set(text, (filesByText.get(text) ?? new Set()).add(file));
      }
    }
    const repeated = [...filesByText]
      .filter(([, where]) => where.size > 1)
      .map(([text, where]) => `'${text}': ${[...where].join(', ')}`);
    expect(repeated).toEqual([]);
  });
});
