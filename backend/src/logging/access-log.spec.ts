import { loggableUrl } from './access-log';

describe(loggableUrl.name, () => {
  it('keeps the path and the names of the query parameters, never their values', () => {
    expect(loggableUrl('/api/leads?q=jane.doe%40example.com&page=2')).toEqual({ url: '/api/leads', query: ['q', 'page'] });
    expect(loggableUrl('/api/jobs')).toEqual({ url: '/api/jobs' });
    expect(loggableUrl('/api/jobs?')).toEqual({ url: '/api/jobs' });
  });

  it('shows a name that is not a plain parameter name as …, so a value sent as a name stays out too', () => {
    expect(loggableUrl('/api/leads?jane@example.com&Jane%20Doe=1&sort=newest')).toEqual({ url: '/api/leads', query: ['…', '…', 'sort'] });
  });
});
