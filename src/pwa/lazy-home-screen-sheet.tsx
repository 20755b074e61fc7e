import { useEffect, useState, type ComponentType } from 'react';
import { currentDevice, homeScreenGuide } from './home-screen-device';
import { installEarned } from './install-prompt';
import { importChunk } from './lazy-chunk';

let loaded: ComponentType | null = null;

/**
 * The home-screen sheet, imported only on a browser that needs it (home-screen-device.ts) once the person has
 * joined or created a village: the first screen everyone loads carries neither its text nor its styles. If its
 * code cannot be loaded the guidance waits for the next start; the screen is not replaced by an error.
 */
export function LazyHomeScreenSheet() {
  const [needed] = useState(() => homeScreenGuide(currentDevice()) !== null);
  const wanted = needed && installEarned.use();
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
