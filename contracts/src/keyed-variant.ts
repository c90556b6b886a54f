/**
 * `v.variant` that goes straight to the option its key names (issue 19, cold start). valibot's variant checks the key
 * of each option in turn, and every option whose literal does not match records an issue it then drops (a message
 * built, the value stringified): a tenant config's list of home sections ran ~30 such checks, the most expensive part
 * of parsing it in a fresh isolate, in every Worker that reads the config. Same schema otherwise: the same options
 * (so the same JSON Schema, contracts/schema-snapshot.json, and the same inferred type), the same output and issues.
 */
import * as v from 'valibot';

/**
 * A variant schema whose parse runs only the option the input's `key` names, when every option is an object with a
 * literal `key` of its own; anything else (a non-object, an unknown key, options that share a literal or have
 * another kind of key schema) goes through valibot's own variant, so issues read exactly as before.
 * @example export const HomeSectionSchema = keyedVariant('kind', [v.object({ kind: v.literal('hero') }), ...])
 */
export function keyedVariant<const TKey extends string, const TOptions extends v.VariantOptions<TKey>>(key: TKey, options: TOptions): v.VariantSchema<TKey, TOptions, undefined> {
  const schema = v.variant(key, options);
  const byLiteral = new Map<unknown, (typeof options)[number]>();
  for (const option of options) {
    const discriminator = option.type === 'variant' ? undefined : (option.entries[key] as v.GenericSchema | undefined);
    // An option the map cannot name on its own (nested variant, picklist key, shared literal): valibot's order decides.
    if (discriminator?.type !== 'literal' || byLiteral.has((discriminator as v.LiteralSchema<v.Literal, undefined>).literal)) return schema;
    byLiteral.set((discriminator as v.LiteralSchema<v.Literal, undefined>).literal, option);
  }
  const variantRun = schema['~run'].bind(schema);
  type Run = typeof variantRun;
  // One option can match the key, so valibot's variant would run that option alone on a fresh dataset and answer with
  // its result, issues included: the same as here.
  const run: Run = (dataset, config) => {
    const input: unknown = dataset.value;
    const option = input && typeof input === 'object' && key in input ? byLiteral.get((input as Record<string, unknown>)[key]) : undefined;
    return option ? (option['~run']({ value: input }, config) as ReturnType<Run>) : variantRun(dataset, config);
  };
  // Replaced on the schema itself, so its Standard Schema interface (`~standard`, read through `this`) runs it too.
  return Object.assign(schema, { '~run': run });
}
