import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/** Runs the Firestore emulator from the machine image, dropping the --database-edition flag it does not know. */
public final class FirestoreLauncher {
  public static void main(String[] args) throws Exception {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--database-edition")) { i++; continue; }
      if (arg.startsWith("--database-edition=")) continue;
      kept.add(arg);
    }
    Class<?> main = Class.forName("com.google.cloud.datastore.emulator.firestore.CloudFirestore");
    Method run = main.getMethod("main", String[].class);
    run.invoke(null, (Object) kept.toArray(new String[0]));
  }
}
