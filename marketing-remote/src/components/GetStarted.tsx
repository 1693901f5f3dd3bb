import { Link } from 'react-router-dom';

export function GetStarted() {
  return (
    <Link to="/subscribe" className="button button--large">
      Get Started
    </Link>
  );
}
