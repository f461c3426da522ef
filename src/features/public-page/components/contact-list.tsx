import { contactLines } from './contact-lines';

/** The company's contact, with its e-mails and phones as links. */
export function ContactList({ contactInfo, className }: { contactInfo: string; className?: string }) {
  return (
    <ul className={className}>
      {contactLines(contactInfo).map((line, i) => (
        <li key={i} className="break-words">
          {line.href ? (
            <a href={line.href} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
              {line.text}
            </a>
          ) : (
            line.text
          )}
        </li>
      ))}
    </ul>
  );
}
