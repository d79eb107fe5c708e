import { useState, type ReactNode } from 'react';
import { Button, Dialog } from '../../components/ui';
import styles from './TeamSection.module.css';

/**
 * A button whose action runs only once confirmed in a dialog that says what it does; Cancel has
 * the focus, so Enter on a stray press keeps things as they are.
 */
export function ConfirmButton(props: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  size?: 'sm';
  variant?: 'secondary' | 'ghost';
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size={props.size} variant={props.variant ?? 'secondary'} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={props.title}>
        <p>{props.children}</p>
        <div className={styles.actions}>
          <Button disabled={busy} onClick={() => void confirm()}>
            {props.confirmLabel}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)} data-autofocus>
            Cancel
          </Button>
        </div>
      </Dialog>
    </>
  );
}
