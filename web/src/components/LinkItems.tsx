import { Link, NavLink } from 'react-router';

export interface LinkItemsProps {
  links: ReadonlyArray<{ to: string; label: string; state?: unknown }>;
  /** NavLink (marks the current page with aria-current) rather than a plain Link: for navigation menus. */
  nav?: boolean;
  className?: string;
  onClick?: () => void;
}

/** The items of a list of links, one `<li>` each, for the `<ul>` (or menu) around them. */
export function LinkItems({ links, nav = false, className, onClick }: LinkItemsProps) {
  const Anchor = nav ? NavLink : Link;
  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <Anchor to={link.to} state={link.state} className={className} onClick={onClick}>
            {link.label}
          </Anchor>
        </li>
      ))}
    </>
  );
}
