import type { Component } from '#shared/schemas/component';
import type { LinkView, ToolRole } from '#shared/schemas/links';
import { useApiQuery } from '#web/lib/api-query.ts';
import type { ShownField } from './field-groups';
import { showsMatingConnector } from './field-groups';

/** A link the page offers to make: its kind and tool role as read from this part, and the other part. */
export interface LinkOffer {
  kind: LinkView;
  role?: ToolRole;
  target: Component;
}

/** The free-text fields that name another part, and the link each would be. */
const namingFields: Partial<Record<ShownField, { kind: LinkView; role?: ToolRole }>> = {
  toolCrimp: { kind: 'uses-tool', role: 'crimp' },
  insertionExtractionTool: { kind: 'uses-tool', role: 'insertion' },
  turretPositionerDieHead: { kind: 'uses-tool' },
  value1: { kind: 'mates-with' },
};

/** A part number without case or separators: '90546-1' and '90 546 1' are one. */
const partKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The link a free-text field could become: when it names a part number the catalogue holds
 * (the same reference, separators and case aside) that is not already linked. The mating part
 * is offered where the page shows value 1 as the mating connector.
 */
export const useLinkOffer = (
  component: Component,
  field: ShownField,
  linkedIds: ReadonlySet<number>,
): LinkOffer | undefined => {
  const naming = namingFields[field];
  const value = typeof component[field] === 'string' ? (component[field] as string).trim() : '';
  const applies = Boolean(naming && value && (field !== 'value1' || showsMatingConnector(component)));
  const { data } = useApiQuery<Component[]>(
    applies ? `/components?${new URLSearchParams({ reference: value, limit: '5' })}` : null,
  );
  if (!applies || !data) return undefined;
  const target = data.find(
    (part) => part.id !== component.id && partKey(part.reference) === partKey(value) && !linkedIds.has(part.id),
  );
  return target ? { ...naming!, target } : undefined;
};
