import { FilePlus2, Link2, Paperclip, Pencil, Tags, Trash2, type LucideIcon } from 'lucide-react';
import { messages } from '#shared/messages';
import type { RequestStatus, RequestType } from '#shared/schemas/approvals';

const icons: Record<RequestType, LucideIcon> = {
  new: FilePlus2,
  edit: Pencil,
  attachment: Paperclip,
  delete: Trash2,
  link: Link2,
  class: Tags,
};

/** 'New Component', 'Component Edit', 'New Attachment'; a deletion and a class change say what they are. */
export const requestTypeLabel = (type: RequestType): string => messages.requestTypeLabels[type] ?? 'New Attachment';

export const requestTypeIcon = (type: RequestType): LucideIcon => icons[type] ?? Paperclip;

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
