import { describe, expect, it } from 'vitest';
import type { FolderTreeItem } from '@grove/shared';
import { moveTargets } from './LibraryDialogs';

const item = (id: string, parentId: string | null, canAdd = true): FolderTreeItem => ({ id, parentId, name: id, pathNames: [id], canAdd });

// Parents first, as GET /api/folders/tree answers.
const tree = [item('a', null), item('a1', 'a'), item('a1x', 'a1'), item('b', null), item('b1', 'b', false), item('c', null)];

describe('move targets', () => {
  it('never offers the folder itself or anything below it', () => {
    expect(moveTargets(tree, 'a', null).map((f) => f.id)).toEqual(['b', 'c']);
    expect(moveTargets(tree, 'a1', 'a').map((f) => f.id)).toEqual(['b', 'c']);
  });

  it('leaves out the current place and folders the caller may not add to', () => {
    expect(moveTargets(tree, null, 'c').map((f) => f.id)).toEqual(['a', 'a1', 'a1x', 'b']);
  });
});
