import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig, type SystemConfig } from '@chakra-ui/react/styled-system';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with the recipes of the components the sign-in page and the pages that
 * load with it (errors, 404, spinners) use: the first page most people load carries no recipe it
 * does not draw. The rest of the app's recipes come with the pages that use them (app-recipes.ts,
 * through addRecipes); a component added to the app needs its recipe in one of the two (without
 * it, it renders unstyled).
 */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      field: fieldSlotRecipe,
    },
  },
});

/**
 * The app's theme: Chakra's defaults, a light page, a system font stack, and darker shades where
 * Chakra's own fall under WCAG AA contrast (4.5:1) for text: error messages, and white text on
 * solid buttons (also in their lighter hover state) and on coloured toasts. Focus rings are 2 px
 * and dark enough (at least 3:1 against the page) to be seen on inputs and icon buttons.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
    html: { '--focus-ring-width': '2px' },
    // A screen's heading takes focus after navigation so screen readers start there; it is not
    // a control, so it draws no ring.
    'h1[tabindex="-1"]:focus': { outline: 'none' },
  },
  theme: {
    semanticTokens: {
      colors: {
        gray: { focusRing: { value: { _light: '{colors.gray.700}', _dark: '{colors.gray.300}' } } },
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        blue: {
          solid: { value: { _light: '{colors.blue.700}', _dark: '{colors.blue.700}' } },
          focusRing: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.400}' } },
        },
        red: { solid: { value: { _light: '{colors.red.700}', _dark: '{colors.red.700}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        orange: {
          solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.700}' } },
          contrast: { value: 'white' },
        },
      },
    },
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, config);

type Recipes = Pick<NonNullable<SystemConfig['theme']>, 'recipes' | 'slotRecipes'>;

/**
 * Adds recipes to the theme after the system was made. The system looks a recipe up when a
 * component first draws with it, so this must run before any component that uses one renders:
 * a module that adds them is imported by the code of the pages that draw them.
 */
export const addRecipes = ({ recipes = {}, slotRecipes = {} }: Recipes): void => {
  const theme = (system._config.theme ??= {});
  theme.recipes = { ...theme.recipes, ...recipes };
  theme.slotRecipes = { ...theme.slotRecipes, ...slotRecipes };
};
