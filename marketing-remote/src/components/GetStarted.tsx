import { Link } from 'react-router-dom';

export function GetStarted({ label = 'Get Started' }: { label?: string }) {
  return (
    <Link to="/subscribe" className="button button--large">
      {label}
    </Link>
  );
}
