import { useEffect, useState, type ComponentType } from 'react';
import { useAppState } from '../state/app-state';
import { importChunk } from '../pwa/lazy-chunk';

let loaded: ComponentType | null = null;

/**
 * The consent prompt of the root layout, imported once a user's app is initialised (the prompt asks only a
 * signed-in user, whom the bootstrap hands to analytics; it decides itself whether there is anything to ask):
 * the sign-in screens, the first most people see, carry neither the prompt nor the account call it makes. If
 * its code cannot be loaded the question waits for the next start; the screen is not replaced by an error.
 */
export function LazyAnalyticsConsentPrompt() {
  const wanted = useAppState().initialised;
  const [Prompt, setPrompt] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (!wanted || Prompt) return;
    let mounted = true;
    importChunk(() => import('./analytics-consent-prompt')).then(
      (module) => {
        loaded = module.AnalyticsConsentPrompt;
        if (mounted) setPrompt(() => module.AnalyticsConsentPrompt);
      },
      (error: unknown) => console.error('Village: a part of the app could not be loaded', error),
    );
    return () => {
      mounted = false;
    };
  }, [wanted, Prompt]);
  return wanted && Prompt ? <Prompt /> : null;
}
