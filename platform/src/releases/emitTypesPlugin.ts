// Writes the declarations (.d.ts) of chosen modules into a production build, under types/: a
// remote's exposed modules, the shell's contract with the remotes. Its release carries them, and
// the release gate checks one against the other (gate.ts), across deploys. webpack's configs
// load it through scripts/runtime-config.cjs's tsx hook (webpack.common.js).
import { basename, dirname, posix, relative } from 'node:path';
import ts from 'typescript';
import type { Compiler } from 'webpack';

export interface EmitTypesOptions {
  /** The front end's tsconfig.json. */
  tsconfig: string;
  /** Output name under types/ → source file. */
  files: Record<string, string>;
}

export class EmitTypesPlugin {
  readonly tsconfig: string;
  readonly files: Record<string, string>;

  constructor({ tsconfig, files }: EmitTypesOptions) {
    this.tsconfig = tsconfig;
    this.files = files;
  }

  /** Declarations of `file` and of the local modules they import, keyed by path relative to `file`'s folder. */
  emit(file: string): { name: string; text: string }[] {
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
    if (!parsed) throw new Error(`${this.tsconfig} cannot be read`);
    const program = ts.createProgram({
      rootNames: [file],
      options: { ...parsed.options, rootDir: dirname(file) },
    });
    const out = new Map<string, string>();
    const pending = [file];
    while (pending.length) {
      const current = pending.pop() as string;
      const source = program.getSourceFile(current);
      if (!source || out.has(current)) continue;
      let text = '';
      const { diagnostics } = program.emit(source, (_name, content) => (text = content), undefined, true);
      if (diagnostics.length)
        throw new Error(
          ts.formatDiagnostics(diagnostics, {
            getCanonicalFileName: (f) => f,
            getCurrentDirectory: () => dirname(file),
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
      name: relative(dirname(file), source).replace(/\.tsx?$/, '.d.ts'),
      text,
    }));
  }

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitTypesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitTypesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, file] of Object.entries(this.files)) {
            try {
              for (const declaration of this.emit(file)) {
                const target = posix.join(
                  'types',
                  posix.dirname(name),
                  declaration.name === basename(file).replace(/\.tsx?$/, '.d.ts')
                    ? posix.basename(name)
                    : declaration.name,
                );
                compilation.emitAsset(target, new RawSource(declaration.text));
              }
            } catch (error) {
              compilation.errors.push(
                new compiler.webpack.WebpackError(
                  `EmitTypesPlugin: the declarations of ${file} could not be written: ${(error as Error).message}`,
                ),
              );
            }
          }
        },
      );
    });
  }
}
