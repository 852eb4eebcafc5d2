import { useLocation, useNavigate } from 'react-router';

/** The tab an address's anchor names, among `tabs`; the first tab for no anchor or an unknown one. */
export const tabFromHash = <T extends string>(hash: string, tabs: readonly [T, ...T[]]): T => {
  const anchor = hash.replace(/^#/, '');
  return tabs.find((tab) => tab === anchor) ?? tabs[0];
};

/**
 * A page's chosen tab kept in the address's anchor (#images), so a link, a reload or a bookmark
 * opens that tab. The first tab is the page's plain address. Choosing a tab replaces the history
 * entry: Back leaves the page instead of stepping through its tabs.
 */
export const useHashTab = <T extends string>(tabs: readonly [T, ...T[]]): [T, (tab: string) => void] => {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const choose = (tab: string) => void navigate({ hash: tab === tabs[0] ? '' : `#${tab}` }, { replace: true });
  return [tabFromHash(hash, tabs), choose];
};
