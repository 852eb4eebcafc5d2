import { FilePlus2, Link2, Paperclip, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import type { RequestStatus, RequestType } from '#shared/schemas/approvals';

const types: Record<RequestType, { label: string; icon: LucideIcon }> = {
  new: { label: 'New Component', icon: FilePlus2 },
  edit: { label: 'Component Edit', icon: Pencil },
  attachment: { label: 'New Attachment', icon: Paperclip },
  delete: { label: 'Component Deletion', icon: Trash2 },
  link: { label: 'Part Link', icon: Link2 },
};

/** 'New Component', 'Component Edit', 'New Attachment'; a deletion says what it is. */
export const requestTypeLabel = (type: RequestType): string => types[type]?.label ?? 'New Attachment';

export const requestTypeIcon = (type: RequestType): LucideIcon => types[type]?.icon ?? Paperclip;

export const statusLabels: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const statusColors: Record<RequestStatus, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};
