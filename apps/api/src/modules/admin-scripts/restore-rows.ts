import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import type { TableName } from './export-format';

/** A row of an export turned into a row of this instance: new ids, the new project, references remapped. */
export function remapRow(
  table: PgTable,
  row: Record<string, unknown>,
  ids: Map<string, string>,
  context: { projectId: string; lookups: Map<string, string>; agents?: Map<string, string> },
): Record<string, unknown> {
  const config = getTableConfig(table);
  const out: Record<string, unknown> = {};
  const references = new Map<string, string>();
  for (const fk of config.foreignKeys) {
    const reference = fk.reference();
    references.set(reference.columns[0]!.name, getTableConfig(reference.foreignTable).name);
  }
  const keyOf = Object.fromEntries(
    Object.entries(table as unknown as Record<string, { name?: string }>)
      .filter(
        ([, column]) => column && typeof column === 'object' && 'name' in column && 'columnType' in column,
      )
      .map(([key, column]) => [column.name!, key]),
  );
  for (const column of config.columns) {
    const key = keyOf[column.name];
    // A restored row belongs to the office the restore runs in (the column's default), never the exported one.
    if (!key || !(key in row) || column.name === 'office_id') continue;
    let value = row[key];
    const target = references.get(column.name);
    if (column.name === 'id') value = ids.get(value as string);
    else if (column.name === 'project_id') value = context.projectId;
    else if (target === 'lookup_values') value = context.lookups.get(value as string) ?? null;
    else if (target === 'agents' || column.name === 'referring_agent_id') {
      // Agents are the instance's: the restore found or made each by e-mail (who submitted, who represents).
      value = value == null ? null : (context.agents?.get(value as string) ?? null);
    } else if (target === 'users' || target === 'people' || column.name === 'share_link_id') {
      // Accounts and roster people are the instance's; submission links are not exported (their secrets stay).
      value = null;
    } else if (target) value = ids.get(value as string) ?? null;
    else if (Array.isArray(value) && column.columnType === 'PgArray' && column.getSQLType() === 'uuid[]') {
      // Arrays of the export's own ids (a client link's folders) or of lookup ids (genders, unions, ethnic
      // appearances...): remapped, kept where this instance has the value.
      value = value.flatMap((id) => {
        const mapped = ids.get(id as string) ?? context.lookups.get(id as string);
        return mapped ? [mapped] : [];
      });
    } else if (column.columnType === 'PgTimestamp' && typeof value === 'string') value = new Date(value);
    out[key] = value;
  }
  return out;
}

/**
 * A restored row with the secrets of the exported instance taken out, so no link or code works twice: a client review
 * link comes back revoked under a digest nobody holds (its feedback stays readable to the team), its viewers signed out
 * without a pending code, a representation claim under a new digest. A representation names its agent's agency here;
 * one whose agent could not be placed is dropped (answers [] for a row to leave out).
 */
export function withoutSecrets(
  name: TableName,
  row: Record<string, unknown>,
  context: { agencyOfAgent: Map<string, string>; now: Date },
): Record<string, unknown>[] {
  const unknownDigest = () => tokenDigest(newLinkToken());
  switch (name) {
    case 'clientLinks':
      return [{ ...row, tokenDigest: unknownDigest(), revokedAt: row.revokedAt ?? context.now }];
    case 'clientLinkViewers':
      return [
        {
          ...row,
          codeDigest: null,
          codeExpiresAt: null,
          codeAttempts: 0,
          sessionDigest: null,
          sessionExpiresAt: null,
        },
      ];
    case 'applicantRepresentatives': {
      const agencyId = context.agencyOfAgent.get(row.agentId as string);
      return agencyId ? [{ ...row, agencyId, claimTokenHash: unknownDigest() }] : [];
    }
    default:
      return [row];
  }
}
