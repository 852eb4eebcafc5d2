import * as z from 'zod';
import { messages } from '../messages';

/*
 * Typed links between catalogue parts. A link is kept once, in the direction it was proposed
 * ("this housing uses that contact"), and read from both ends in the right words: the contact
 * is a "contact for" the housing. Mating and alternatives read the same both ways.
 */

/** The kinds a link is stored as, each with how it reads from the part that has it and from the other end. */
export const linkKinds = {
  'mates-with': { label: 'Mates with', reverse: 'mates-with', reverseLabel: 'Mates with', phrase: 'mates with' },
  'uses-contact': {
    label: 'Uses contact',
    reverse: 'contact-for',
    reverseLabel: 'Contact for',
    phrase: 'uses the contact',
  },
  'uses-tool': { label: 'Uses tool', reverse: 'tool-for', reverseLabel: 'Tool for', phrase: 'uses the tool' },
  accessory: { label: 'Accessory', reverse: 'accessory-of', reverseLabel: 'Accessory of', phrase: 'has the accessory' },
  alternative: {
    label: 'Alternative',
    reverse: 'alternative',
    reverseLabel: 'Alternative',
    phrase: 'is an alternative to',
  },
  'replaced-by': { label: 'Replaced by', reverse: 'replaces', reverseLabel: 'Replaces', phrase: 'is replaced by' },
} as const;
export type LinkKind = keyof typeof linkKinds;
export const linkKindNames = Object.keys(linkKinds) as LinkKind[];

/** A link as one end reads it: a stored kind, or the reverse wording of one. */
export type LinkView = LinkKind | (typeof linkKinds)[LinkKind]['reverse'];
const reverseToKind = new Map<string, LinkKind>(linkKindNames.map((kind) => [linkKinds[kind].reverse, kind] as const));
/** Every wording one may propose a link with: the stored kinds and their reverse ('contact-for'). */
export const linkViews = [...new Set<LinkView>([...linkKindNames, ...reverseToKind.keys()] as LinkView[])];

/** The kinds that read the same from both ends. */
export const isSymmetric = (kind: LinkKind): boolean => linkKinds[kind].reverse === kind;

/** How a link reads from one of its ends. */
export const linkViewOf = (kind: LinkKind, fromThisEnd: boolean): LinkView =>
  fromThisEnd ? kind : linkKinds[kind].reverse;

export const linkViewLabel = (view: LinkView): string => {
  if (view in linkKinds) return linkKinds[view as LinkKind].label;
  return linkKinds[reverseToKind.get(view)!].reverseLabel;
};

/** Which tool a 'uses tool' link names: the crimp, insertion or extraction tool. */
export const toolRoles = ['crimp', 'insertion', 'extraction'] as const;
export type ToolRole = (typeof toolRoles)[number];
export const toolRoleLabels: Record<ToolRole, string> = {
  crimp: 'Crimp tool',
  insertion: 'Insertion tool',
  extraction: 'Extraction tool',
};

/**
 * A proposed link in the stored direction: `{ kind: 'contact-for', targetId: 7 }` proposed on
 * part 3 is part 7 'uses-contact' part 3.
 */
export const storedDirection = (
  view: LinkView,
  thisId: number,
  otherId: number,
): { kind: LinkKind; fromId: number; toId: number } => {
  if (view in linkKinds) {
    const kind = view as LinkKind;
    // A symmetric link has one stored form whichever end proposes it: the lower id first.
    if (isSymmetric(kind)) return { kind, fromId: Math.min(thisId, otherId), toId: Math.max(thisId, otherId) };
    return { kind, fromId: thisId, toId: otherId };
  }
  return { kind: reverseToKind.get(view)!, fromId: otherId, toId: thisId };
};

/** One id per pair and kind, so the same link cannot be stored twice. */
export const linkIdOf = (link: { kind: LinkKind; fromId: number; toId: number }): string =>
  `${link.kind}.${link.fromId}.${link.toId}`;

export const linkIdSchema = z.string().regex(/^[a-z-]{3,20}\.[1-9]\d{0,14}\.[1-9]\d{0,14}$/, messages.linkNotFound);

/** `POST /api/components/{id}/links`: the kind as read from this part, the other part, a tool's role. */
export const linkInputSchema = z
  .object({
    kind: z.enum(linkViews as [LinkView, ...LinkView[]], { error: messages.linkKindInvalid }),
    targetId: z
      .number({ error: messages.linkTargetInvalid })
      .int(messages.linkTargetInvalid)
      .positive(messages.linkTargetInvalid),
    role: z.enum(toolRoles, { error: messages.linkRoleInvalid }).optional(),
  })
  .refine((input) => input.role === undefined || input.kind === 'uses-tool' || input.kind === 'tool-for', {
    message: messages.linkRoleInvalid,
    path: ['role'],
  });
export type LinkInput = z.output<typeof linkInputSchema>;

/** `DELETE /api/components/{id}/links/{linkId}`. */
export const linkPathSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, messages.componentIdInvalid)
    .transform(Number),
  linkId: linkIdSchema,
});

/** A link as `GET /api/components/{id}/links` answers it, read from that part. */
export const componentLinkSchema = z.object({
  id: z.string(),
  kind: z.string(),
  label: z.string(),
  role: z.enum(toolRoles).nullable(),
  otherId: z.number().int(),
  reference: z.string(),
  manufacturer: z.string().nullable(),
  lifecycle: z.string().nullable(),
  createdAt: z.string(),
});
export type ComponentLink = {
  id: string;
  kind: LinkView;
  label: string;
  role: ToolRole | null;
  otherId: number;
  reference: string;
  manufacturer: string | null;
  lifecycle: string | null;
  createdAt: string;
};

/** What a link request holds: adding or removing one link, in its stored direction. */
export interface LinkRequestData {
  action: 'add' | 'remove';
  linkId: string;
  kind: LinkKind;
  fromId: number;
  toId: number;
  fromReference: string;
  toReference: string;
  role?: ToolRole;
}

/** A link request in words from its stored direction: 'HOUSING uses the contact CONTACT'. */
export const linkSentence = (data: Pick<LinkRequestData, 'kind' | 'fromReference' | 'toReference' | 'role'>) =>
  `${data.fromReference} ${linkKinds[data.kind].phrase}${
    data.role ? ` (${toolRoleLabels[data.role].toLowerCase()})` : ''
  } ${data.toReference}`;
