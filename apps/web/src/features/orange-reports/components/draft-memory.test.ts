import { afterEach, describe, expect, it } from 'vitest';
import { draftMemoryKey, forgetDraft, recallDraft, rememberDraft } from './draft-memory';

const ID = '3f1c2b9a-8d7e-4f60-9a1b-2c3d4e5f6a7b';

describe('draft memory', () => {
  afterEach(() => window.localStorage.clear());

  it('remembers a draft per user and customer, and forgets it', () => {
    const mine = draftMemoryKey('u1', 'c1');
    rememberDraft(mine, ID);
    expect(recallDraft(mine)).toBe(ID);
    expect(recallDraft(draftMemoryKey('u2', 'c1'))).toBeNull();
    expect(recallDraft(draftMemoryKey('u1', 'c2'))).toBeNull();
    forgetDraft(mine);
    expect(recallDraft(mine)).toBeNull();
  });

  it('keeps nothing without a signed-in user, and ignores what is not an id', () => {
    expect(draftMemoryKey(undefined, 'c1')).toBeNull();
    rememberDraft(null, ID);
    expect(window.localStorage.length).toBe(0);
    window.localStorage.setItem(draftMemoryKey('u1', 'c1')!, '../../etc');
    expect(recallDraft(draftMemoryKey('u1', 'c1'))).toBeNull();
  });
});
