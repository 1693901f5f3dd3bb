// Stands in for the server's coming delivery days: December's is the next one.
export const useUpcomingDeliveries = () => [
  { month: '2030-12', date: '2030-12-12' },
  { month: '2031-01', date: '2031-01-09' },
  { month: '2031-02', date: '2031-02-10' },
  { month: '2031-03', date: '2031-03-13' },
];
