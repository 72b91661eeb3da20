import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FolderCreate,
  FolderDetail,
  FolderList,
  FolderTreeItem,
  FolderUpdate,
  LibraryFile,
  LibrarySearchResult,
} from '@grove/shared';
import { api, getList, type Query } from '../../../app/api-client';

const BASE = '/api/folders';
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const libraryKeys = {
  all: ['file-library'] as const,
  top: ['file-library', 'top'] as const,
  tree: ['file-library', 'tree'] as const,
  folder: (id: string) => ['file-library', 'folder', id] as const,
  files: (id: string, query: Query) => ['file-library', 'files', id, query] as const,
  search: (query: Query) => ['file-library', 'search', query] as const,
};

/** `GET /api/folders`: the top-level folders the caller sees. */
export function useTopFolders() {
  return useQuery({ queryKey: libraryKeys.top, queryFn: ({ signal }) => api.get<FolderList>(BASE, undefined, { signal }) });
}

/** `GET /api/folders/{id}`: path, subfolders and what the caller may do. */
export function useFolder(id: string) {
  return useQuery({ queryKey: libraryKeys.folder(id), queryFn: ({ signal }) => api.get<FolderDetail>(at(id), undefined, { signal }), retry: false });
}

/** `GET /api/folders/tree`: every folder the caller sees (the move picker). */
export function useFolderTree(enabled: boolean) {
  return useQuery({ queryKey: libraryKeys.tree, queryFn: ({ signal }) => api.get<{ data: FolderTreeItem[] }>(`${BASE}/tree`, undefined, { signal }), enabled });
}

/** `GET /api/folders/{id}/files`: a page of a folder's files. */
export function useFolderFiles(id: string, query: Query) {
  return useQuery({
    queryKey: libraryKeys.files(id, query),
    queryFn: ({ signal }) => getList<LibraryFile>(`${at(id)}/files`, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/folders/search`: folders and files by name, across the library. */
export function useLibrarySearch(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.search(query),
    queryFn: ({ signal }) => api.get<LibrarySearchResult>(`${BASE}/search`, query, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useLibraryMutation<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
}

export const useCreateFolder = () => useLibraryMutation((body: FolderCreate) => api.post<FolderDetail>(BASE, body));

export const useUpdateFolder = () => useLibraryMutation(({ id, body }: { id: string; body: FolderUpdate }) => api.put<FolderDetail>(at(id), body));

export const useMoveFolder = () => useLibraryMutation(({ id, parentId }: { id: string; parentId: string | null }) => api.post<FolderDetail>(`${at(id)}/move`, { parentId }));

export const useDeleteFolder = () =>
  useLibraryMutation(({ id, confirm }: { id: string; confirm: boolean }) => api.delete<null>(at(id), confirm ? { query: { confirm: 'true' } } : {}));

export const useAddFiles = () =>
  useLibraryMutation(({ folderId, fileIds }: { folderId: string; fileIds: string[] }) => api.post<{ data: LibraryFile[] }>(`${at(folderId)}/files`, { fileIds }));

export const useRenameFile = () =>
  useLibraryMutation(({ folderId, id, name }: { folderId: string; id: string; name: string }) => api.put<LibraryFile>(`${at(folderId)}/files/${encodeURIComponent(id)}`, { name }));

export const useMoveFile = () =>
  useLibraryMutation(({ folderId, id, target }: { folderId: string; id: string; target: string }) =>
    api.post<LibraryFile>(`${at(folderId)}/files/${encodeURIComponent(id)}/move`, { folderId: target }),
  );

export const useDeleteFile = () =>
  useLibraryMutation(({ folderId, id }: { folderId: string; id: string }) => api.delete<null>(`${at(folderId)}/files/${encodeURIComponent(id)}`));
