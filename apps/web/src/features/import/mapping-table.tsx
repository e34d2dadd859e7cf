import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_REQUIRED_FIELDS,
  type ImportMapping,
  type ImportPreview,
} from '@casting/domain';
import { nativeSelect } from './target-picker';

/** One column choice per person field, beside the file's first rows so the office sees what each column holds. */
export function MappingTable({
  preview,
  mapping,
  onChange,
  withMedia,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange(mapping: ImportMapping): void;
  /** The media column is offered only when a media zip goes with the file. */
  withMedia: boolean;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {IMPORT_FIELDS.filter((field) => withMedia || field !== 'media').map((field) => {
          const id = `import-map-${field}`;
          const required = IMPORT_REQUIRED_FIELDS.includes(field);
          return (
            <div key={field} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium text-ink">
                {IMPORT_FIELD_LABELS[field]}
                {required ? (
                  <span aria-hidden="true" className="text-danger">
                    {' '}
                    *
                  </span>
                ) : null}
              </label>
              <select
                id={id}
                className={nativeSelect}
                aria-required={required || undefined}
                value={mapping[field] === undefined ? '' : String(mapping[field])}
                onChange={(event) => {
                  const next = { ...mapping };
                  if (event.target.value === '') delete next[field];
                  else next[field] = Number(event.target.value);
                  onChange(next);
                }}
              >
                <option value="">Not imported</option>
                {preview.columns.map((column, index) => (
                  <option key={index} value={index}>
                    {column}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      <div className="overflow-x-auto rounded-md border border-line">
        <table className="min-w-full text-left text-sm">
          <caption className="px-3 py-2 text-left text-sm text-ink-muted">
            The first {preview.rows.length} of {preview.rowCount} rows
          </caption>
          <thead className="bg-canvas">
            <tr>
              {preview.columns.map((column, index) => (
                <th key={index} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t border-line">
                {row.map((cell, index) => (
                  <td key={index} className="max-w-64 truncate px-3 py-2">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Failing rows as a table: the row number the office sees in its spreadsheet, the name, and what to fix. */
export function ProblemRows({
  rows,
  caption,
}: {
  rows: readonly { row: number; name: string; reason: string }[];
  caption: string;
}) {
  return (
    <div className="max-h-96 overflow-auto rounded-md border border-line">
      <table className="min-w-full text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm font-medium text-ink">{caption}</caption>
        <thead className="bg-canvas">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row} className="border-t border-line">
              <td className="px-3 py-2 tabular-nums">{row.row}</td>
              <td className="px-3 py-2">{row.name || '—'}</td>
              <td className="px-3 py-2">{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
