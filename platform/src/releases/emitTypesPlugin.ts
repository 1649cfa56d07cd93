// Writes the declarations (.d.ts) of chosen modules into a production build, under types/: a
// remote's exposed modules, the shell's contract with the remotes. Its release carries them, and
// the release gate checks one against the other (scripts/releases/gate.mjs), across deploys.
const path = require('node:path');
const ts = require('typescript');

class EmitTypesPlugin {
  /**
   * @param {object} options
   * @param {string} options.tsconfig         the front end's tsconfig.json
   * @param {Record<string,string>} options.files  output name under types/ → source file
   */
  constructor({ tsconfig, files }) {
    this.tsconfig = tsconfig;
    this.files = files;
  }

  /** Declarations of `file` and of the local modules they import, keyed by path relative to `file`'s folder. */
  emit(file) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      this.tsconfig,
      { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: '/__types__' },
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    const program = ts.createProgram({
      rootNames: [file],
      options: { ...parsed.options, rootDir: path.dirname(file) },
    });
    const out = new Map();
    const pending = [file];
    while (pending.length) {
      const current = pending.pop();
      const source = program.getSourceFile(current);
      if (!source || out.has(current)) continue;
      let text = '';
      const { diagnostics } = program.emit(source, (_name, content) => (text = content), undefined, true);
      if (diagnostics.length)
        throw new Error(
          ts.formatDiagnostics(diagnostics, {
            getCanonicalFileName: (f) => f,
            getCurrentDirectory: () => path.dirname(file),
            getNewLine: () => '\n',
          }),
        );
      out.set(current, text);
      for (const [, specifier] of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
        const resolved = ts.resolveModuleName(specifier, current, parsed.options, ts.sys).resolvedModule;
        if (resolved && !resolved.isExternalLibraryImport) pending.push(resolved.resolvedFileName);
      }
    }
    return [...out].map(([source, text]) => ({
      name: path.relative(path.dirname(file), source).replace(/\.tsx?$/, '.d.ts'),
      text,
    }));
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitTypesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitTypesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, file] of Object.entries(this.files)) {
            try {
              for (const declaration of this.emit(file)) {
                const target = path.posix.join(
                  'types',
                  path.posix.dirname(name),
                  declaration.name === path.basename(file).replace(/\.tsx?$/, '.d.ts')
                    ? path.posix.basename(name)
                    : declaration.name,
                );
                compilation.emitAsset(target, new RawSource(declaration.text));
              }
            } catch (error) {
              compilation.errors.push(
                new compiler.webpack.WebpackError(
                  `EmitTypesPlugin: the declarations of ${file} could not be written: ${error.message}`,
                ),
              );
            }
          }
        },
      );
    });
  }
}

module.exports = { EmitTypesPlugin };
