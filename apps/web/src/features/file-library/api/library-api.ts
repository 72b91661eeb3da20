import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FILE_LIBRARY_ENDPOINTS, type EndpointInput, type FolderCreate, type FolderUpdate } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

const E = FILE_LIBRARY_ENDPOINTS;
/** The queries as the endpoints take them. */
export type FolderFilesQuery = NonNullable<EndpointInput<typeof E.files>['query']>;
export type LibrarySearchQuery = NonNullable<EndpointInput<typeof E.search>['query']>;

export const libraryKeys = {
  all: ['file-library'] as const,
  top: ['file-library', 'top'] as const,
  tree: ['file-library', 'tree'] as const,
  folder: (id: string) => ['file-library', 'folder', id] as const,
  files: (id: string, query: FolderFilesQuery) => ['file-library', 'files', id, query] as const,
  search: (query: LibrarySearchQuery) => ['file-library', 'search', query] as const,
};

/** `GET /api/folders`: the top-level folders the caller sees. */
export function useTopFolders() {
  return useQuery({ queryKey: libraryKeys.top, queryFn: ({ signal }) => callEndpoint(E.folders, {}, { signal }) });
}

/** `GET /api/folders/{id}`: path, subfolders and what the caller may do. */
export function useFolder(id: string) {
  return useQuery({ queryKey: libraryKeys.folder(id), queryFn: ({ signal }) => callEndpoint(E.folder, { params: { id } }, { signal }), retry: false });
}

/** `GET /api/folders/tree`: every folder the caller sees (the move picker). */
export function useFolderTree(enabled: boolean) {
  return useQuery({ queryKey: libraryKeys.tree, queryFn: ({ signal }) => callEndpoint(E.tree, {}, { signal }), enabled });
}

/** `GET /api/folders/{id}/files`: a page of a folder's files. */
export function useFolderFiles(id: string, query: FolderFilesQuery) {
  return useQuery({
    queryKey: libraryKeys.files(id, query),
    queryFn: ({ signal }) => callEndpoint(E.files, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/folders/search`: folders and files by name, across the library. */
export function useLibrarySearch(query: LibrarySearchQuery, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.search(query),
    queryFn: ({ signal }) => callEndpoint(E.search, { query }, { signal }),
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

export const useCreateFolder = () => useLibraryMutation((body: FolderCreate) => callEndpoint(E.createFolder, { body }));

export const useUpdateFolder = () => useLibraryMutation(({ id, body }: { id: string; body: FolderUpdate }) => callEndpoint(E.updateFolder, { params: { id }, body }));

export const useMoveFolder = () => useLibraryMutation(({ id, parentId }: { id: string; parentId: string | null }) => callEndpoint(E.moveFolder, { params: { id }, body: { parentId } }));

export const useDeleteFolder = () =>
  useLibraryMutation(({ id, confirm }: { id: string; confirm: boolean }) => callEndpoint(E.deleteFolder, { params: { id }, query: confirm ? { confirm: 'true' } : {} }));

export const useAddFiles = () =>
  useLibraryMutation(({ folderId, fileIds }: { folderId: string; fileIds: string[] }) => callEndpoint(E.addFiles, { params: { id: folderId }, body: { fileIds } }));

export const useRenameFile = () =>
  useLibraryMutation(({ folderId, id, name }: { folderId: string; id: string; name: string }) => callEndpoint(E.renameFile, { params: { id: folderId, fileId: id }, body: { name } }));

export const useMoveFile = () =>
  useLibraryMutation(({ folderId, id, target }: { folderId: string; id: string; target: string }) =>
    callEndpoint(E.moveFile, { params: { id: folderId, fileId: id }, body: { folderId: target } }),
  );

export const useDeleteFile = () =>
  useLibraryMutation(({ folderId, id }: { folderId: string; id: string }) => callEndpoint(E.deleteFile, { params: { id: folderId, fileId: id } }));
