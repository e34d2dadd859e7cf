import { describe, expect, it } from 'vitest';
import {
  confirmationCodeSchema,
  emailSchema,
  folderNameSchema,
  inviteEmailSchema,
  nameSchema,
  phoneSchema,
} from '../src';
import { issuesOf, parsed } from './helpers';

describe('email', () => {
  it.each([
    ['', ['Email is required']],
    ['   ', ['Email is required']],
    [undefined, ['Email is required']],
    ['not-an-email', ['Invalid email address']],
    ['a@b', ['Invalid email address']],
    ['a b@c.com', ['Invalid email address']],
    ['casting@example.com', []],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(emailSchema, value)).toEqual(messages);
  });

  it('trims and lower-cases the address', () => {
    expect(parsed(emailSchema, '  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it.each([
    ['', ['Email is required']],
    ['nope', ['Please enter a valid email']],
    ['team@example.com', []],
  ])('invite e-mail %j -> %j', (value, messages) => {
    expect(issuesOf(inviteEmailSchema, value)).toEqual(messages);
  });
});

describe('phone', () => {
  const invalid = ['Please enter a valid phone number.'];
  it.each([
    ['+1555123456', []],
    ['+123456789012345', []],
    [' +15551234567 ', []],
    ['', invalid],
    [undefined, invalid],
    ['+155512345', invalid],
    ['+1234567890123456', invalid],
    ['15551234567', invalid],
    ['+1 555 123 4567', invalid],
    ['+1555-123-456', invalid],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(phoneSchema, value)).toEqual(messages);
  });
});

describe('confirmation code', () => {
  const invalid = ['Confirmation code must be exactly 6 characters'];
  it.each([
    ['123456', []],
    [' 123456 ', []],
    ['', invalid],
    ['12345', invalid],
    ['1234567', invalid],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(confirmationCodeSchema, value)).toEqual(messages);
  });
});

describe('folder and generic names', () => {
  it.each([
    [folderNameSchema, '', ['Folder name is required']],
    [folderNameSchema, '  ', ['Folder name is required']],
    [folderNameSchema, 'Callbacks', []],
    [nameSchema, '', ['The name should not be empty']],
    [nameSchema, undefined, ['The name should not be empty']],
    [nameSchema, 'Spring link', []],
  ])('%#: %j -> %j', (schema, value, messages) => {
    expect(issuesOf(schema, value)).toEqual(messages);
  });
});
