import type { Db } from './client';
import { notFound } from '../errors';

/** A transaction handle; services accept either it or the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive as text; anything that is not a UUID cannot name a row, so it is "not found", never a 500. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export function requireUuid(value: string, what: string): string {
  if (!isUuid(value)) throw notFound(what);
  return value.toLowerCase();
}
