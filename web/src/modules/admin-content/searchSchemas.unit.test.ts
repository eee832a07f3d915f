import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { logs } from './logs.resource';
import { settingsSearchSchema, settingsTabIndex } from './settingsSearch';

describe('the logs search', () => {
  const parse = logs.validateSearch;
  it('keeps the log filters, numbers from the router becoming text', () => {
    expect(parse({ type_log: 'RecordUpdated', target: 'marca', id_target: 3, page: 2 })).toMatchObject({
      type_log: 'RecordUpdated',
      target: 'marca',
      id_target: 3,
      page: 2,
    });
    expect(parse({ type_log: 12, id_target: '7' })).toMatchObject({ type_log: '12', id_target: 7 });
  });

  it('drops invalid values instead of failing', () => {
    const s = parse({ type_log: '', target: '  ', id_target: 'x', limit: 500 });
    expect(s.type_log).toBeUndefined();
    expect(s.target).toBeUndefined();
    expect(s.id_target).toBeUndefined();
    expect(s.limit).toBeUndefined();
    expect(parse({ id_target: 0 }).id_target).toBeUndefined();
    expect(parse({ id_target: 2.5 }).id_target).toBeUndefined();
  });
});

describe('settingsSearchSchema', () => {
  it('accepts the two tabs and drops anything else', () => {
    expect(v.parse(settingsSearchSchema, { t: 'empresa' })).toEqual({ t: 'empresa' });
    expect(v.parse(settingsSearchSchema, { t: 'general' })).toEqual({ t: 'general' });
    expect(v.parse(settingsSearchSchema, { t: 'otra' }).t).toBeUndefined();
    expect(v.parse(settingsSearchSchema, { t: 1 }).t).toBeUndefined();
    expect(v.parse(settingsSearchSchema, {}).t).toBeUndefined();
  });

  it('maps the tab to its index, the first by default', () => {
    expect(settingsTabIndex(undefined)).toBe(0);
    expect(settingsTabIndex('general')).toBe(0);
    expect(settingsTabIndex('empresa')).toBe(1);
  });
});
