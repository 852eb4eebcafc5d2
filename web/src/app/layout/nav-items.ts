import {
  CirclePlus,
  ClipboardCheck,
  FileSpreadsheet,
  History,
  House,
  LayoutDashboard,
  List,
  Settings,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '#shared/app-paths';
import type { Role } from '#shared/schemas/auth';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Shown only to this role and those above it (admin sees everything). */
  role?: Role;
  /** Matches only the exact path, not the pages under it. */
  end?: boolean;
}

/**
 * The sidebar's links, in their fixed order. Import Excel and Approval Queue are shown to
 * librarians and administrators only: a user would only meet 'Access Denied' behind them.
 */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', href: paths.hub.dashboard.href(), icon: LayoutDashboard, end: true },
  { label: 'Components', href: paths.hub.components.href(), icon: List },
  { label: 'Add New Component', href: paths.hub.addComponent.href(), icon: CirclePlus },
  { label: 'Import Excel', href: paths.hub.importExcel.href(), icon: FileSpreadsheet, role: 'librarian' },
  { label: 'Approval Queue', href: paths.hub.approvalQueue.href(), icon: ClipboardCheck, role: 'librarian' },
  { label: 'Admin Dashboard', href: paths.hub.admin.href(), icon: ShieldCheck, role: 'librarian' },
  // What changed in the catalogue, for everyone.
  { label: 'Change Log', href: paths.hub.changes.href(), icon: History },
  { label: 'Settings', href: paths.hub.settings.href(), icon: Settings },
  // The welcome page with the team's other tools, outside the hub itself.
  { label: 'Welcome & Tools', href: paths.landing.href(), icon: House },
];
