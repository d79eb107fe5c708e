// Import circles, type-only ones included (docs/architecture.md: "No import circles"). ESLint's
// import/no-cycle skips `import type`, and a type-only circle still blurs which layer is on top.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: move what both sides need into a file that imports neither (a type into its own module, building into plugins/).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Only what the one rule needs: ES imports (no CommonJS or AMD in the tree), no extra analyses.
    moduleSystems: ['es6'],
    skipAnalysisNotInRules: true,
    // Another package of the workspace is a leaf: its built dist/ is what resolves, and pnpm forbids package circles.
    doNotFollow: { path: ['node_modules', '/dist/'] },
    exclude: { path: ['/dist/', '/node_modules/'] },
    // Count `import type` too: TypeScript erases it, but it still ties the layers together.
    tsPreCompilationDeps: true,
    // './x.js' in the source (NodeNext) is the file x.ts: dependency-cruiser tries .ts when .js is absent.
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
