import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { ContactsScope, QuickFilter } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Button, ConfirmDialog, Spinner, cn, focusRing, toast } from '@crm/ui';
import { QuickFilterNameDialog } from './QuickFilterNameDialog';
import { quickFiltersKey, quickFiltersQueryOptions } from './quick-filters-queries';

export type QuickFiltersMenuProps = {
  /** The list's scope as it stands (what "Save current search…" saves). */
  currentScope: ContactsScope;
  /** A saved filter was chosen: its scope replaces the list's. */
  onApply: (filter: QuickFilter) => void;
};

type Naming = { mode: 'create' } | { mode: 'rename'; filter: QuickFilter } | null;

/**
 * The "Quick filters" menu of the contact list (spec part 1 §7): the user's saved scopes by
 * name. Choosing one applies it; "Save current search…" saves the list's scope under a name
 * (names are unique per user: the server's message shows beside the field); each can be renamed
 * or deleted after confirming.
 */
export function QuickFiltersMenu({ currentScope, onApply }: QuickFiltersMenuProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState<Naming>(null);
  const [deleting, setDeleting] = useState<QuickFilter | null>(null);
  const filters = useQuery({ ...quickFiltersQueryOptions(client), enabled: open || naming !== null });

  // Escape or a click outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    const handlePointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !triggerRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', handleKey);
    document.addEventListener('pointerdown', handlePointer);
    return () => {
      document.removeEventListener('keydown', handleKey);
      document.removeEventListener('pointerdown', handlePointer);
    };
  }, [open]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: quickFiltersKey });

  const remove = useMutation({
    mutationFn: (filter: QuickFilter) => client.call('deleteQuickFilter', { params: { id: filter.id } }),
    onSuccess: async (_answer, filter) => {
      setDeleting(null);
      toast.success(`Quick filter “${filter.name}” deleted`);
      await refresh();
    },
  });

  const handleName = async (name: string) => {
    if (naming?.mode === 'rename') {
      await client.call('updateQuickFilter', { params: { id: naming.filter.id }, body: { name } });
      toast.success(`Quick filter renamed to “${name}”`);
    } else {
      await client.call('createQuickFilter', { body: { name, contacts_scope: currentScope } });
      toast.success(`Quick filter “${name}” saved`);
    }
    await refresh();
  };

  const startNaming = (next: Naming) => {
    setOpen(false);
    setNaming(next);
  };

  const handleApply = (filter: QuickFilter) => {
    setOpen(false);
    onApply(filter);
    triggerRef.current?.focus();
  };

  const list = filters.data ?? [];

  return (
    <div className="relative">
      <Button
        ref={triggerRef}
        type="button"
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        Quick filters
      </Button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="region"
          aria-label="Quick filters"
          className="absolute end-0 top-full z-30 mt-1 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded border border-border bg-surface p-2 shadow-lg"
        >
          {filters.isPending ? (
            <Spinner size="sm" label="Loading quick filters" />
          ) : filters.isError ? (
            <p role="alert" className="text-sm text-danger">
              {apiErrorMessage(filters.error)}
            </p>
          ) : list.length === 0 ? (
            <p className="px-1 text-sm text-muted">No quick filters yet. Save a search to reuse it.</p>
          ) : (
            <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto">
              {list.map((filter) => (
                <li key={filter.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    aria-label={`Apply ${filter.name}`}
                    onClick={() => handleApply(filter)}
                    className={cn('min-w-0 flex-1 cursor-pointer truncate rounded px-2 py-1.5 text-start text-sm hover:bg-text/5', focusRing)}
                  >
                    {filter.name}
                  </button>
                  <Button type="button" variant="ghost" size="sm" aria-label={`Rename ${filter.name}`} onClick={() => startNaming({ mode: 'rename', filter })}>
                    Rename
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${filter.name}`}
                    onClick={() => {
                      setOpen(false);
                      remove.reset();
                      setDeleting(filter);
                    }}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-border pt-2">
            <Button type="button" variant="secondary" size="sm" className="w-full" onClick={() => startNaming({ mode: 'create' })}>
              Save current search…
            </Button>
          </div>
        </div>
      )}

      <QuickFilterNameDialog
        open={naming !== null}
        onOpenChange={(next) => !next && setNaming(null)}
        title={naming?.mode === 'rename' ? `Rename “${naming.filter.name}”` : 'Save current search'}
        description={naming?.mode === 'rename' ? undefined : 'The search words, conditions, filters, category, group and order are saved.'}
        submitLabel={naming?.mode === 'rename' ? 'Rename' : 'Save'}
        initialName={naming?.mode === 'rename' ? naming.filter.name : ''}
        onSubmit={handleName}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={`Delete the quick filter “${deleting?.name ?? ''}”?`}
        description="The saved search is removed; the contacts stay as they are."
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error) : null}
      />
    </div>
  );
}
