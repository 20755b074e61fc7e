import { useEffect, useState, type ComponentType } from 'react';
import { installEarned } from './install-prompt';
import { importChunk } from './lazy-chunk';

let loaded: ComponentType | null = null;

/**
 * The home-screen sheet, imported once the person has joined or created a village; it shows itself only on a
 * browser that needs it (home-screen-device.ts). The first screen everyone loads carries neither its text, its
 * styles nor the reading of the user agent (`npm run bench:size`). If its code cannot be loaded the guidance
 * waits for the next start; the screen is not replaced by an error.
 */
export function LazyHomeScreenSheet() {
  const wanted = installEarned.use();
  const [Sheet, setSheet] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (!wanted || Sheet) return;
    let mounted = true;
    importChunk(() => import('./home-screen-sheet')).then(
      (module) => {
        loaded = module.HomeScreenSheet;
        if (mounted) setSheet(() => module.HomeScreenSheet);
      },
      (error: unknown) => console.error('Village: a part of the app could not be loaded', error),
    );
    return () => {
      mounted = false;
    };
  }, [wanted, Sheet]);
  return wanted && Sheet ? <Sheet /> : null;
}
