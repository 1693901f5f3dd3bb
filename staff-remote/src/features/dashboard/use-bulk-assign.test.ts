import { assignedMessage } from './use-bulk-assign';

const STAFF = [{ email: 'ella@blooms.example', name: 'Ella Driver', firstName: 'Ella' }];

describe('what a bulk assignment says it did', () => {
  it('names the staff member by first name, and counts in the singular or plural', () => {
    expect(assignedMessage(1, 'ella@blooms.example', STAFF)).toBe('Assigned 1 delivery to Ella.');
    expect(assignedMessage(3, 'ella@blooms.example', STAFF)).toBe('Assigned 3 deliveries to Ella.');
  });

  it('falls back to the e-mail for someone not in the staff list, and says "unassigned" for nobody', () => {
    expect(assignedMessage(2, 'new@blooms.example', STAFF)).toBe('Assigned 2 deliveries to new@blooms.example.');
    expect(assignedMessage(2, null, STAFF)).toBe('Unassigned 2 deliveries.');
  });
});
