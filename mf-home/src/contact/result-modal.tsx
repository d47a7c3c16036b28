import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface ResultModalProps {
  show: boolean;
  title: string;
  message: string;
  closeText: string;
  onClose: () => void;
  /** After the closing transition: the form puts focus back where the visitor goes on (the modal does not). */
  onClosed: () => void;
}

/** The contact result (docs/product-rules.md "Contact form" texts) in react-bootstrap's modal: 300 ms transitions, 150 ms backdrop. */
export default function ResultModal({ show, title, message, closeText, onClose, onClosed }: ResultModalProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onClosed}
      restoreFocus={false}
      centered
      aria-labelledby="contact-result-title"
    >
      <Modal.Header>
        <Modal.Title id="contact-result-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0" role="status">
          {message}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {closeText}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
