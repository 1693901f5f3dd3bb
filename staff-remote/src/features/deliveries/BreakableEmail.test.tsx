import { render, screen } from '@testing-library/react';
import { BreakableEmail } from './BreakableEmail';

it('reads as the whole address and may wrap only before its @ and dots', () => {
  render(
    <a href="mailto:late-1795663863838@example.com" aria-label="late-1795663863838@example.com">
      <BreakableEmail email="late-1795663863838@example.com" />
    </a>,
  );
  const link = screen.getByRole('link', { name: 'late-1795663863838@example.com' });
  expect(link.innerHTML).toBe('late-1795663863838<wbr>@example<wbr>.com');
});
