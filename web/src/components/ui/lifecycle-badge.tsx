import { Badge, type BadgeProps } from '@chakra-ui/react/badge';
import { chakra } from '@chakra-ui/react/styled-system';
import { absentChoice, choiceLabel, choiceShortLabel, type Lifecycle } from '#shared/schemas/choice-fields';

/**
 * Each lifecycle's colour: green while a part is made, orange and yellow while it is going, red
 * once it is gone. Subtle badges, whose text passes WCAG AA contrast on their background in both
 * colour modes (each above 6:1).
 */
const palettes: Record<Exclude<Lifecycle, 'unknown'>, BadgeProps['colorPalette']> = {
  active: 'green',
  nrnd: 'orange',
  'last-time-buy': 'yellow',
  obsolete: 'red',
};

/**
 * A part's lifecycle as a badge beside its reference; nothing for a part whose lifecycle is
 * unknown. A long label shows short ('NRND') and is read out in full.
 */
export const LifecycleBadge = ({
  lifecycle,
  ...badge
}: { lifecycle: string | null | undefined } & Omit<BadgeProps, 'children'>) => {
  const value = (lifecycle ?? absentChoice('lifecycle')) as Lifecycle;
  if (value === absentChoice('lifecycle') || !Object.hasOwn(palettes, value)) return null;
  const label = choiceLabel('lifecycle', value);
  const short = choiceShortLabel('lifecycle', value);
  return (
    <Badge
      colorPalette={palettes[value as keyof typeof palettes]}
      variant="subtle"
      flexShrink={0}
      title={short === label ? undefined : label}
      data-lifecycle={value}
      {...badge}
    >
      {short === label ? label : <chakra.span aria-hidden>{short}</chakra.span>}
      {short !== label && <chakra.span srOnly>{label}</chakra.span>}
    </Badge>
  );
};
