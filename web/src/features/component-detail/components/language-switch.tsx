import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { nativeLanguageName, readerLanguage } from '#shared/languages';
import { useComponentOptions } from '#web/lib/component-options.ts';
import type { Reading } from './field-list';

/** The browser's preferred languages, most wanted first. */
const browserLanguages = (): readonly string[] =>
  globalThis.navigator?.languages?.length ? navigator.languages : [globalThis.navigator?.language ?? ''];

/**
 * The language a part is read in: the reader's own when the catalogue has it (the browser's
 * preference), else the catalogue's default, until the reader picks another.
 */
export const useReading = (): Reading & { choose: (language: string) => void } => {
  const { languages } = useComponentOptions();
  const [chosen, choose] = useState<string>();
  const language = chosen && languages.includes(chosen) ? chosen : readerLanguage(languages, browserLanguages());
  return { language, languages, choose };
};

/** The catalogue's languages, each by its own name, the one read in pressed; nothing for a one-language catalogue. */
export const LanguageSwitch = ({ reading, onChoose }: { reading: Reading; onChoose: (language: string) => void }) =>
  reading.languages.length < 2 ? null : (
    <HStack gap="2" wrap="wrap" role="group" aria-labelledby="part-language-label">
      <Text id="part-language-label" fontSize="sm" color="fg.muted">
        Language
      </Text>
      {reading.languages.map((code) => (
        <Button
          key={code}
          size="xs"
          lang={code}
          variant={code === reading.language ? 'solid' : 'outline'}
          aria-pressed={code === reading.language}
          onClick={() => onChoose(code)}
        >
          {nativeLanguageName(code)}
        </Button>
      ))}
    </HStack>
  );
