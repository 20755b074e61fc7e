import { useModalDialog } from '../../components/use-modal-dialog';

interface Props {
  unsent: number;
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Signing out would lose changes not yet sent: say how many before going on. */
export function SignOutDialog({ unsent, open, onClose, onConfirm }: Props) {
  const ref = useModalDialog(open);
  const what = unsent > 1 ? `${unsent} modifications n'ont pas encore été envoyées` : "1 modification n'a pas encore été envoyée";
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="sign-out-title" aria-describedby="sign-out-what" onClose={onClose}>
      <h2 id="sign-out-title">Se déconnecter maintenant&nbsp;?</h2>
      {unsent > 0 ? (
        <p id="sign-out-what">
          {what}&nbsp;: le réseau n'a pas encore permis de les transmettre. Si vous vous déconnectez,{' '}
          {unsent > 1 ? 'elles seront perdues' : 'elle sera perdue'}. Reconnectez-vous à Internet et attendez quelques instants pour les
          garder.
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose} autoFocus>
          Rester connecté
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          Se déconnecter et perdre {unsent > 1 ? 'ces modifications' : 'cette modification'}
        </button>
      </div>
    </dialog>
  );
}
