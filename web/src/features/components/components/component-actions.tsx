import { IconButton } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { HStack } from '@chakra-ui/react/stack';
import { Eye, FileText, Pencil } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Component } from '#shared/schemas/component';
import { paths } from '#shared/app-paths';

/** The datasheet, opened in a new tab when the component has one. */
export const DatasheetLink = ({ component }: { component: Pick<Component, 'reference' | 'dataSheet'> }) =>
  component.dataSheet ? (
    <Link
      href={component.dataSheet}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`PDF datasheet of ${component.reference} (opens in a new tab)`}
      color="red.700"
      fontSize="sm"
      fontWeight="medium"
      display="inline-flex"
      alignItems="center"
      gap="1"
      px="1"
      onClick={(event) => event.stopPropagation()}
    >
      <FileText size={16} aria-hidden />
      PDF
    </Link>
  ) : null;

/** View and Edit: both open the detail page, where each field is edited. */
export const ComponentActions = ({ component }: { component: Pick<Component, 'id' | 'reference' | 'dataSheet'> }) => {
  const to = paths.hub.component.href(component.id);
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <HStack gap="1" justify="flex-end">
      <DatasheetLink component={component} />
      <IconButton asChild variant="ghost" size="sm" colorPalette="blue">
        <RouterLink to={to} aria-label={`View ${component.reference}`} title="View" onClick={stop}>
          <Eye aria-hidden />
        </RouterLink>
      </IconButton>
      <IconButton asChild variant="ghost" size="sm" colorPalette="blue">
        <RouterLink to={to} aria-label={`Edit ${component.reference}`} title="Edit" onClick={stop}>
          <Pencil aria-hidden />
        </RouterLink>
      </IconButton>
    </HStack>
  );
};

/**
 * A click anywhere on a row or card opens the component, except on its own links and buttons
 * (and not when the reader is selecting text to copy a part number).
 */
export const useOpenComponent = () => {
  const navigate = useNavigate();
  return (id: number) => (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(paths.hub.component.href(id));
  };
};
