import { LIBRARY_ADMIN_ROLE, hasStaffRole } from '@grove/shared';

export interface FolderNode {
  id: string;
  parentId: string | null;
  name: string;
  allowedRoles: string[];
  createdBy: string | null;
  updatedAt: Date;
}

/**
 * The whole folder tree in memory (a company library holds hundreds of folders, not millions):
 * paths, inherited role limits and who sees what are computed here, in one place.
 */
export class FolderTree {
  private readonly byId = new Map<string, FolderNode>();
  private readonly childrenOf = new Map<string | null, FolderNode[]>();

  constructor(nodes: readonly FolderNode[]) {
    for (const node of nodes) this.byId.set(node.id, node);
    for (const node of nodes) {
      const list = this.childrenOf.get(node.parentId) ?? [];
      list.push(node);
      this.childrenOf.set(node.parentId, list);
    }
    for (const list of this.childrenOf.values()) list.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  }

  get(id: string): FolderNode | undefined {
    return this.byId.get(id);
  }

  children(id: string | null): FolderNode[] {
    return this.childrenOf.get(id) ?? [];
  }

  /** From the top folder down to `id` itself. */
  path(id: string): FolderNode[] {
    const out: FolderNode[] = [];
    const seen = new Set<string>();
    for (let node = this.byId.get(id); node && !seen.has(node.id); node = node.parentId ? this.byId.get(node.parentId) : undefined) {
      seen.add(node.id);
      out.unshift(node);
    }
    return out;
  }

  depth(id: string): number {
    return this.path(id).length;
  }

  /** Depth of the deepest folder below `id`, counting `id` as 1. */
  height(id: string): number {
    return 1 + Math.max(0, ...this.children(id).map((child) => this.height(child.id)));
  }

  /** `id` and every folder below it. */
  subtree(id: string): FolderNode[] {
    const node = this.byId.get(id);
    if (!node) return [];
    return [node, ...this.children(id).flatMap((child) => this.subtree(child.id))];
  }

  /** Whether `candidate` is `id` or below it. */
  isWithin(candidate: string, id: string): boolean {
    return this.path(candidate).some((node) => node.id === id);
  }

  /** Role limits set above `id` (not on it): the intersection of every limited ancestor; null when none. */
  inheritedRoles(id: string): string[] | null {
    return intersect(this.path(id).slice(0, -1).map((node) => node.allowedRoles));
  }

  /** The limit in force on `id`: its own and those above; null when unlimited. */
  effectiveRoles(id: string): string[] | null {
    return intersect(this.path(id).map((node) => node.allowedRoles));
  }

  /** Staff whose roles pass every limit on the way down; System Admin sees everything. */
  canSee(user: { roles: readonly string[] }, id: string): boolean {
    if (!this.byId.has(id) || !hasStaffRole(user.roles)) return false;
    if (user.roles.includes(LIBRARY_ADMIN_ROLE)) return true;
    return this.path(id).every((node) => node.allowedRoles.length === 0 || node.allowedRoles.some((role) => user.roles.includes(role)));
  }

  visibleIds(user: { roles: readonly string[] }): string[] {
    return [...this.byId.keys()].filter((id) => this.canSee(user, id));
  }
}

function intersect(limits: readonly string[][]): string[] | null {
  let result: string[] | null = null;
  for (const roles of limits) {
    if (roles.length === 0) continue;
    result = result === null ? [...roles] : result.filter((role) => roles.includes(role));
  }
  return result;
}
