import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROPOSAL_ENDPOINTS,
  type ApprovalRuleUpdate,
  type ProposalAccept,
  type ProposalCreate,
  type ProposalDetail,
  type ProposalListQuery,
  type ProposalVote,
  type ProposalWrite,
} from '@grove/shared';
import { callEndpoint, downloadEndpoint } from '../../../app/endpoint-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';

export const proposalKeys = {
  all: ['proposals'] as const,
  list: (query: object) => ['proposals', 'list', query] as const,
  detail: (id: string, version?: number) => ['proposals', 'detail', id, version ?? 'latest'] as const,
  rule: (customerId: string) => ['proposals', 'rule', customerId] as const,
};

export function useProposalList(query: ProposalListQuery) {
  return useQuery({
    queryKey: proposalKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(PROPOSAL_ENDPOINTS.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProposal(id: string | null, version?: number) {
  return useQuery({
    queryKey: proposalKeys.detail(id ?? '', version),
    queryFn: ({ signal }) => callEndpoint(PROPOSAL_ENDPOINTS.get, { params: { id: id! }, query: version ? { version } : {} }, { signal }),
    enabled: !!id,
  });
}

export function useApprovalRule(customerId: string) {
  return useQuery({
    queryKey: proposalKeys.rule(customerId),
    queryFn: ({ signal }) => callEndpoint(PROPOSAL_ENDPOINTS.approvalRule, { params: { customerId } }, { signal }),
  });
}

export function useSaveApprovalRule(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalRuleUpdate) => callEndpoint(PROPOSAL_ENDPOINTS.setApprovalRule, { params: { customerId }, body }),
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

const E = PROPOSAL_ENDPOINTS;
export const useCreateProposal = () => useProposalChange((body: ProposalCreate) => callEndpoint(E.create, { body }));
export const useUpdateProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalWrite }) => callEndpoint(E.update, { params: { id }, body }));
export const useReviseProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalWrite }) => callEndpoint(E.revise, { params: { id }, body }));
export const useSendProposal = () => useProposalChange((id: string) => callEndpoint(E.send, { params: { id } }));
export const useWithdrawProposal = () => useProposalChange(({ id, reason }: { id: string; reason?: string }) => callEndpoint(E.withdraw, { params: { id }, body: { reason } }));
export const useDeclineProposal = () => useProposalChange(({ id, reason }: { id: string; reason: string }) => callEndpoint(E.decline, { params: { id }, body: { reason } }));
export const useAcceptProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalAccept }) => callEndpoint(E.accept, { params: { id }, body }));
export const useVoteProposal = () => useProposalChange(({ id, body }: { id: string; body: ProposalVote }) => callEndpoint(E.vote, { params: { id }, body }));

export function useDeleteProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(PROPOSAL_ENDPOINTS.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKeys.all }),
  });
}

export async function downloadProposalPdf(id: string, version?: number): Promise<void> {
  const { blob, fileName } = await downloadEndpoint(PROPOSAL_ENDPOINTS.pdf, { params: { id }, query: version ? { version } : {} }, 'proposal.pdf');
  downloadBlob(blob, fileName);
}
