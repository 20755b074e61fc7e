import type { SlotWrite } from '../../domain/helps/slot-writes';
import './slot-write-label.css';

const TEXT: Record<SlotWrite, string> = {
  pending: 'Inscription en attente d’envoi',
  sent: 'Inscription envoyée',
  refused: 'Inscription refusée',
};

/**
 * Beside a slot this person took on this device: whether the take still waits for the network, has just
 * reached the server, or was refused (the slot filled meanwhile). Plain text: the refusal itself is announced
 * by the toast, and a label that changed would otherwise be read out on every screen showing it.
 */
export function SlotWriteLabel({ write }: { write: SlotWrite | undefined }) {
  if (!write) return null;
  return <span className={`slot-write slot-write-${write}`}>{TEXT[write]}</span>;
}
