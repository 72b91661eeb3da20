import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRuleAnswer, ApprovalRuleUpdate, ProposalAccept, ProposalDetail, ProposalPage, ProposalVote, ProposalWrite } from '@grove/shared';
import { api, apiDownload } from '../../../app/api-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';

const BASE = '/api/Proposals';

export const proposalKeys = {
  all: ['proposals'] as const,
  list: (query: object) => ['proposals', 'list', query] as const,
  detail: (id: string, version?: number) => ['proposals', 'detail', id, version ?? 'latest'] as const,
  rule: (customerId: string) => ['proposals', 'rule', customerId] as const,
};

export interface ProposalListQuery {
  customerId: string;
  page: number;
  pageSize: number;
  search?: string;
  status?: string;
  sort?: string;
}

export function useProposalList(query: ProposalListQuery) {
  return useQuery({
    queryKey: proposalKeys.list(query),
    queryFn: ({ signal }) => api.get<ProposalPage>(BASE, { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProposal(id: string | null, version?: number) {
  return useQuery({
    queryKey: proposalKeys.detail(id ?? '', version),
    queryFn: ({ signal }) => api.get<ProposalDetail>(`${BASE}/${id}`, version ? { version } : undefined, { signal }),
    enabled: !!id,
  });
}

export function useApprovalRule(customerId: string) {
  return useQuery({
    queryKey: proposalKeys.rule(customerId),
    queryFn: ({ signal }) => api.get<ApprovalRuleAnswer>(`${BASE}/approval-rules/${customerId}`, undefined, { signal }),
  });
}

export function useSaveApprovalRule(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalRuleUpdate) => api.put<ApprovalRuleAnswer>(`${BASE}/approval-rules/${customerId}`, body),
    onSuccess: (answer) => client.setQueryData(proposalKeys.rule(customerId), answer),
  });
}

/** Every change answers with the new detail: refresh lists and put the detail in the cache. */
function useProposalChange<A>(send: (args: A) => Promise<ProposalDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (detail) => {
      client.setQueryData(proposalKeys.detail(detail.id), detail);
      await client.invalidateQueries({ queryKey: proposalKeys.all });
    },
  });
}

export const useCreateProposal = () => useProposalChange((body: ProposalWrite & { customerId: string }) => api.post<ProposalDetail>(BASE, body));
export const useUpdateProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalWrite }) => api.put<ProposalDetail>(`${BASE}/${id}`, body));
export const useReviseProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalWrite }) => api.post<ProposalDetail>(`${BASE}/${id}/revise`, body));
export const useSendProposal = () => useProposalChange((id: string) => api.post<ProposalDetail>(`${BASE}/${id}/send`));
export const useWithdrawProposal = () => useProposalChange(({ id, reason }: { id: string; reason?: string }) => api.post<ProposalDetail>(`${BASE}/${id}/withdraw`, { reason }));
export const useDeclineProposal = () => useProposalChange(({ id, reason }: { id: string; reason: string }) => api.post<ProposalDetail>(`${BASE}/${id}/decline`, { reason }));
export const useAcceptProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalAccept }) => api.post<ProposalDetail>(`${BASE}/${id}/accept`, body));
export const useVoteProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalVote }) => api.post<ProposalDetail>(`${BASE}/${id}/vote`, body));

export function useDeleteProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`${BASE}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

export async function downloadProposalPdf(id: string, version?: number): Promise<void> {
  const { blob, fileName } = await apiDownload(`${BASE}/${id}/pdf`, version ? { version } : undefined, 'proposal.pdf');
  downloadBlob(blob, fileName);
}
