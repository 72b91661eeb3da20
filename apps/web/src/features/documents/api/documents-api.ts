import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentCreate, DocumentDetail, DocumentSummary, DocumentUpdate, DocumentVersionCreate } from '@grove/shared';
import { api, getList, getOne, type Query } from '../../../app/api-client';

const LIST = '/api/Documents';

export const documentKeys = {
  all: ['documents'] as const,
  list: (query: Query) => ['documents', 'list', query] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
};

/** `GET /api/Documents?…`: the server limits it to the caller's scope and visibility. */
export function useDocumentList(query: Query) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => getList<DocumentSummary>(LIST, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: string | null) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getOne<DocumentDetail>(LIST, id!, signal),
    enabled: !!id,
  });
}

function useInvalidateAfter<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
}

export const useCreateDocument = () => useInvalidateAfter((body: DocumentCreate) => api.post<DocumentDetail>(LIST, body));

export const useUpdateDocument = (id: string) => useInvalidateAfter((body: DocumentUpdate) => api.put<DocumentDetail>(`${LIST}/${encodeURIComponent(id)}`, body));

export const useAddVersion = (id: string) => useInvalidateAfter((body: DocumentVersionCreate) => api.post<DocumentDetail>(`${LIST}/${encodeURIComponent(id)}/versions`, body));

export const useDeleteDocument = () => useInvalidateAfter((id: string) => api.delete<null>(`${LIST}/${encodeURIComponent(id)}`));
