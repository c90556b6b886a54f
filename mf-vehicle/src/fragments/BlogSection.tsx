import { blogDate, blogExcerpt, type BlogPost } from '@forecourt/contracts/content';

/**
 * The car page's blog section (spec §2 vehicle page "blog section"): the tenant's posts about this car's model, then
 * its make (contracts `postsForCar`), as blog cards (spec §2: heading, image, date dd MMM yyyy, description cut at 100
 * characters, READ MORE). Nothing at all when the tenant has no such post.
 */
export function BlogSection({ posts }: { posts: BlogPost[] }) {
  if (!posts.length) return null;
  return (
    <section className="fv-section fv-blog" aria-labelledby="fv-blog-title">
      <h2 id="fv-blog-title">From our blog</h2>
      <ul className="fv-blog__list">
        {posts.map((post) => (
          <li key={post.slug}>
            <article className="fv-blog__card">
              <img src={post.image.src} alt={post.image.alt} width={post.image.width} height={post.image.height} loading="lazy" decoding="async" />
              <div className="fv-blog__body">
                <h3>{post.heading}</h3>
                <p className="fv-blog__date">
                  <time dateTime={post.date}>{blogDate(post.date)}</time>
                </p>
                <p>{blogExcerpt(post.description)}</p>
                <a href={`/blog/${post.slug}`}>
                  READ MORE<span className="fc-visually-hidden">: {post.heading}</span>
                </a>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
