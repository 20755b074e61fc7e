import type { ReactNode } from 'react';
import type { Help } from '../../../contract';
import { formatHelpSlot } from '../../../contract/french-time';

export type HelpAction = 'remove' | 'refuse';

interface HelpItemProps {
  help: Help;
  helperName: string;
  /** What the viewer may do with this help, if anything. */
  action: HelpAction | null;
  onAction: (help: Help, action: HelpAction) => void;
  /** Under a past help: done, thanked, and the buttons that say so (help-closing.tsx). */
  children?: ReactNode;
}

/** One help: who, when, what they said, and the one thing the viewer may do about it. */
export function HelpItem({ help, helperName, action, onAction, children }: HelpItemProps) {
  return (
    <li className="help-item">
      <p className="help-slot">{formatHelpSlot(help.start_date, help.end_date)}</p>
      <p className="help-helper">{helperName}</p>
      {help.comment ? <p className="help-comment">{help.comment}</p> : null}
      {action === 'remove' ? (
        <button type="button" className="secondary" onClick={() => onAction(help, 'remove')}>
          Retirer mon aide
        </button>
      ) : null}
      {action === 'refuse' ? (
        <button type="button" className="secondary" onClick={() => onAction(help, 'refuse')}>
          Refuser cette aide
        </button>
      ) : null}
      {children}
    </li>
  );
}
