import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_ENDPOINTS, type DocumentCreate, type DocumentUpdate, type DocumentVersionCreate, type EndpointInput } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

/** The list's query as the endpoint takes it. */
export type DocumentListQueryInput = NonNullable<EndpointInput<typeof DOCUMENT_ENDPOINTS.list>['query']>;

export const documentKeys = {
  all: ['documents'] as const,
  list: (query: DocumentListQueryInput) => ['documents', 'list', query] as const,
  detail: (id: string) => ['documents', 'detail', id] as const,
};

/** `GET /api/Documents?…`: the server limits it to the caller's scope and visibility. */
export function useDocumentList(query: DocumentListQueryInput) {
  return useQuery({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(DOCUMENT_ENDPOINTS.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: string | null) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(DOCUMENT_ENDPOINTS.get, { params: { id: id! } }, { signal }),
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

export const useCreateDocument = () => useInvalidateAfter((body: DocumentCreate) => callEndpoint(DOCUMENT_ENDPOINTS.create, { body }));

export const useUpdateDocument = (id: string) => useInvalidateAfter((body: DocumentUpdate) => callEndpoint(DOCUMENT_ENDPOINTS.update, { params: { id }, body }));

export const useAddVersion = (id: string) => useInvalidateAfter((body: DocumentVersionCreate) => callEndpoint(DOCUMENT_ENDPOINTS.addVersion, { params: { id }, body }));

export const useDeleteDocument = () => useInvalidateAfter((id: string) => callEndpoint(DOCUMENT_ENDPOINTS.delete, { params: { id } }));
