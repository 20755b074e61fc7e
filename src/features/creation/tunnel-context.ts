import { createContext, useContext } from 'react';
import type { CreationMode } from './steps';

/**
 * Before the village exists its creation mode is only the reason step's choice: the step tells the layout,
 * so the stepper shows 4 or 5 steps as soon as the choice is made. Outside the layout (a step's tests) it
 * is a no-op.
 */
export const TunnelDraftContext = createContext<{ setDraftMode: (mode: CreationMode | null) => void }>({ setDraftMode: () => {} });

export const useTunnelDraft = () => useContext(TunnelDraftContext);
