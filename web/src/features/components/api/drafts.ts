import { useSWRConfig } from 'swr';
import type { CreateDraftInput, Draft, DraftContent } from '#shared/schemas/drafts';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';
import { DRAFTS_KEY } from '#web/lib/drafts.ts';

const draftKey = (id: string) => `${DRAFTS_KEY}/${encodeURIComponent(id)}`;

/** GET /api/drafts/{id}: one of the caller's drafts. */
export const useDraft = (id: string | null) => {
  const { data, error, isLoading } = useApiQuery<Draft>(id ? draftKey(id) : null, { revalidateOnFocus: false });
  return { draft: data, error, isLoading };
};

/**
 * Saving and deleting drafts: POST /api/drafts (with the id the form chose, so a save sent again
 * is stored once), PUT /api/drafts/{id} from the revision read, DELETE /api/drafts/{id}. Each
 * keeps the draft's own entry and the list current.
 */
export const useDraftActions = () => {
  const { mutate } = useSWRConfig();
  const refresh = async (draft?: Draft, deletedId?: string) => {
    if (draft) await mutate(draftKey(draft.id), draft, { revalidate: false });
    if (deletedId) await mutate(draftKey(deletedId), undefined, { revalidate: false });
    await mutate(DRAFTS_KEY).catch(() => undefined);
  };
  return {
    create: async (input: CreateDraftInput) => {
      const draft = await api.post<Draft>(DRAFTS_KEY, input);
      await refresh(draft);
      return draft;
    },
    update: async (id: string, content: DraftContent, revision: number) => {
      const draft = await api.put<Draft>(draftKey(id), { ...content, revision });
      await refresh(draft);
      return draft;
    },
    remove: async (id: string) => {
      await api.delete(draftKey(id));
      await refresh(undefined, id);
    },
  };
};
