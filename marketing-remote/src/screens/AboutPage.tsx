import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/app-config';

export default function AboutPage() {
  const site = useSiteContact();
  return (
    <Screen remote="marketing" title={`About ${site.sisterStudioName}`}>
      <section className="container page">
        <h1>About {site.sisterStudioName}</h1>
        <p>
          <a href={site.sisterStudioUrl} rel="noopener" target="_blank">
            Visit {site.sisterStudioName}
          </a>
        </p>
      </section>
    </Screen>
  );
}
